-- The alert's value is `price` from the form to the database: the column and its check follow.
ALTER TABLE alerts RENAME COLUMN threshold TO price;
ALTER TABLE alerts RENAME CONSTRAINT alerts_threshold_check TO alerts_price_check;

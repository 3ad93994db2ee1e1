-- An alert in a currency the upstream does not price in fires on the dollar price at the held
-- exchange rate: the rate it fired at (units for one US dollar) is kept with the price it saw.
ALTER TABLE alerts ADD COLUMN triggered_rate double precision;

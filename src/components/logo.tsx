import { useId } from 'react'

/** Coinvera's mark: a "C" orbit around a coin, violet to cyan. Decorative beside the brand name. */
export function Logo({ size = 32 }: { size?: number }) {
  // The nav bar and the footer both draw it: each copy needs its own gradient id.
  const gradient = `${useId()}-logo`
  return (
    <svg
      className="logo"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="#141c40" />
      <path
        d="M22.5 10.2a8.4 8.4 0 1 0 0 11.6"
        fill="none"
        stroke={`url(#${gradient})`}
        strokeWidth="3.6"
        strokeLinecap="round"
      />
      <circle cx="16.2" cy="16" r="3.2" fill={`url(#${gradient})`} />
    </svg>
  )
}

// The hero illustration, drawn inline: it paints with the page's HTML, with no request to wait
// for before the largest paint. Its ids are prefixed so they cannot meet another SVG's.
export function HeroArt() {
  return (
    <svg
      className="hero__art"
      viewBox="0 0 560 480"
      width={560}
      height={480}
      fill="none"
      role="img"
      aria-label="Illustration: coins orbiting a rising price chart"
    >
      <defs>
        <linearGradient id="hero-acc" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
        <linearGradient id="hero-line" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
        <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#22d3ee" stopOpacity=".35" />
          <stop offset="1" stopColor="#8b5cf6" stopOpacity="0" />
        </linearGradient>
        <linearGradient id="hero-panel" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1b2550" />
          <stop offset="1" stopColor="#111936" />
        </linearGradient>
        <linearGradient id="hero-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
        <linearGradient id="hero-eth" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c4b5fd" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
        <linearGradient id="hero-sol" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#67e8f9" />
          <stop offset="1" stopColor="#0e7490" />
        </linearGradient>
        <radialGradient id="hero-glow" cx=".5" cy=".5" r=".5">
          <stop offset="0" stopColor="#8b5cf6" stopOpacity=".45" />
          <stop offset="1" stopColor="#8b5cf6" stopOpacity="0" />
        </radialGradient>
        <filter id="hero-shadow" x="-20%" y="-20%" width="140%" height="150%">
          <feDropShadow dx="0" dy="18" stdDeviation="18" floodColor="#000" floodOpacity=".45" />
        </filter>
      </defs>
      <circle cx="290" cy="240" r="230" fill="url(#hero-glow)" />
      <ellipse
        cx="290"
        cy="250"
        rx="250"
        ry="120"
        stroke="url(#hero-acc)"
        strokeOpacity=".35"
        strokeWidth="1.5"
        strokeDasharray="4 8"
        transform="rotate(-14 290 250)"
      />
      <ellipse
        cx="290"
        cy="250"
        rx="200"
        ry="200"
        stroke="#ffffff"
        strokeOpacity=".06"
        strokeWidth="1.5"
      />
      <g filter="url(#hero-shadow)">
        <rect
          x="110"
          y="110"
          width="360"
          height="250"
          rx="22"
          fill="url(#hero-panel)"
          stroke="#ffffff"
          strokeOpacity=".12"
        />
        <circle cx="140" cy="140" r="5" fill="#ff7a8a" />
        <circle cx="158" cy="140" r="5" fill="#fcd34d" />
        <circle cx="176" cy="140" r="5" fill="#5eead4" />
        <rect x="140" y="168" width="90" height="10" rx="5" fill="#ffffff" fillOpacity=".5" />
        <rect x="140" y="186" width="140" height="18" rx="6" fill="#ffffff" />
        <rect x="372" y="168" width="70" height="26" rx="13" fill="#22d3ee" fillOpacity=".18" />
        <path
          d="M386 186l8-9 8 9"
          stroke="#67e8f9"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="408" y="177" width="24" height="7" rx="3.5" fill="#67e8f9" />
        <g stroke="#ffffff" strokeOpacity=".07">
          <path d="M140 240h302M140 280h302M140 320h302" />
        </g>
        <path
          d="M140 320 L175 300 L205 308 L240 270 L270 282 L305 240 L335 252 L370 214 L400 226 L442 190 L442 340 L140 340Z"
          fill="url(#hero-area)"
        />
        <path
          d="M140 320 L175 300 L205 308 L240 270 L270 282 L305 240 L335 252 L370 214 L400 226 L442 190"
          stroke="url(#hero-line)"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="442" cy="190" r="7" fill="#0b1026" stroke="#22d3ee" strokeWidth="3" />
      </g>
      <g filter="url(#hero-shadow)">
        <circle cx="108" cy="330" r="52" fill="url(#hero-gold)" />
        <circle cx="108" cy="330" r="42" stroke="#92400e" strokeOpacity=".35" strokeWidth="3" />
        <path
          d="M98 306v48M112 306v48M92 312h26a10 10 0 0 1 0 20H92m0 0h30a11 11 0 0 1 0 22H92"
          stroke="#78350f"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </g>
      <g filter="url(#hero-shadow)">
        <circle cx="478" cy="110" r="44" fill="url(#hero-eth)" />
        <path d="M478 78l-20 34 20 12 20-12z" fill="#ffffff" fillOpacity=".95" />
        <path d="M478 128l-20-12 20 28 20-28z" fill="#ffffff" fillOpacity=".7" />
      </g>
      <g filter="url(#hero-shadow)">
        <circle cx="470" cy="392" r="34" fill="url(#hero-sol)" />
        <path
          d="M452 378h30l-6 7h-30zM452 392h30l-6 7h-30zM458 406h30l-6 7h-30z"
          fill="#ffffff"
          transform="translate(-2 -4)"
        />
      </g>
      <g fill="#67e8f9">
        <circle cx="60" cy="170" r="3" />
        <circle cx="520" cy="250" r="2.5" />
        <circle cx="230" cy="430" r="2" />
        <circle cx="330" cy="60" r="3" />
      </g>
      <g fill="#c4b5fd">
        <circle cx="190" cy="70" r="2" />
        <circle cx="40" cy="250" r="2" />
        <circle cx="380" cy="440" r="3" />
      </g>
    </svg>
  )
}

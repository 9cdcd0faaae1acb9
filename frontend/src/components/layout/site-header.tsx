import { Link } from '@tanstack/react-router';
import { AuthButton } from './auth-button';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label="Risk Profile home">
          <svg className="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path
              d="M8 22l6-7 4 4 6-9"
              stroke="#ffffff"
              strokeWidth="3"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="brand__name">Risk Profile</span>
        </Link>
        <AuthButton />
      </div>
    </header>
  );
}

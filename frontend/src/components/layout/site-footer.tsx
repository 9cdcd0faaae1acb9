import { Link } from '@tanstack/react-router';
import { appConfig } from '../../lib/env';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__copyright">© {year} Risk Profile</p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/security">Security</Link>
            </li>
            <li>
              <a href={`mailto:${appConfig.contactEmail}`}>
                Contact <span className="site-footer__email">{appConfig.contactEmail}</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

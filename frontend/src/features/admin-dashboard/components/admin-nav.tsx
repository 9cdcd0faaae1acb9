import { Link } from '@tanstack/react-router';

/** The admin area's pages; one entry per line, so a new page is a one-line change. */
export function AdminNav() {
  return (
    <nav className="admin__nav" aria-label="Admin">
      <ul>
        <li>
          <Link to="/admin/dashboard" search={{ period: 'all' }} activeOptions={{ includeSearch: false }}>
            Dashboard
          </Link>
        </li>
        <li>
          <Link to="/admin/assessments" activeOptions={{ includeSearch: false }}>
            Assessments
          </Link>
        </li>
        <li>
          <Link to="/admin/access-log" activeOptions={{ includeSearch: false }}>
            Access log
          </Link>
        </li>
        <li>
          <Link to="/admin/advisers">Advisers and accounts</Link>
        </li>
        <li>
          <Link to="/admin/data-requests">Data requests</Link>
        </li>
        <li>
          <Link to="/admin/analyst-queries">Analyst queries</Link>
        </li>
        <li>
          <Link to="/admin/webhooks">Webhooks</Link>
        </li>
        <li>
          {/* The account page is shared by every role: a plain link to another part of the site. */}
          <a href="/account">Account security</a>
        </li>
      </ul>
    </nav>
  );
}

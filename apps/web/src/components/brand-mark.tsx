import { Link } from 'react-router';
import { paths } from '../config/paths';

export function BrandMark({ name }: { name: string }) {
  return (
    <Link to={paths.home} className="brand-mark" aria-label={name}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="brand-mark__tile" />
        <path
          d="M16 5 27 26h-5l-2-4.4h-8L10 26H5L16 5Zm0 8.6-2.7 5.6h5.4L16 13.6Z"
          className="brand-mark__glyph"
        />
      </svg>
      <span className="brand-mark__name">{name}</span>
    </Link>
  );
}

import { APP_VERSION, PRODUCT_NAME } from '../../shared/constants';

export function Footer() {
  return (
    <footer className="app-footer">
      © {new Date().getFullYear()} {PRODUCT_NAME} · Version {APP_VERSION}
    </footer>
  );
}

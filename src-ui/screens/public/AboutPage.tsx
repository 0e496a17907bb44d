import { PRODUCT_NAME } from '../../../shared/constants';

export function AboutPage() {
  return (
    <section className="narrow">
      <h1>About</h1>
      <p>{PRODUCT_NAME} helps maintenance teams look after their sites.</p>
      <ul>
        <li>
          <strong>Asset management:</strong> keep every asset, chemical and part with its location, type and serial number.
        </li>
        <li>
          <strong>Location management:</strong> record each site with its address and system identifiers.
        </li>
        <li>
          <strong>Maintenance scheduling:</strong> plan recurring preventative maintenance, see what is due, and claim and complete work orders.
        </li>
        <li>
          <strong>Responsive interface:</strong> works on phones, tablets and desktops, and keeps working offline, sending your actions when the
          connection returns.
        </li>
      </ul>
    </section>
  );
}

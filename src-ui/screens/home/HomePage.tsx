/** Home for full-access users (behaviour §2); its buttons are in the navigation table. */
import { HubScreen } from '../../kit/HubScreen';

export function HomePage() {
  return <HubScreen title="Home" hub="home" />;
}

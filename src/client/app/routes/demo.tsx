import { DemoPage } from '#client/features/demo/demo-page';

export default function DemoRoute() {
  return <DemoPage />;
}

import { DashboardPage } from '../../../components/dashboard/dashboard-page.tsx';
import { ClientsToRate } from '../../../components/requests/to-rate.tsx';

/** /panel/calificar: clients she met and may rate (the block that closed the old profile page). */
export default function ToRatePage() {
  return (
    <DashboardPage title="Calificar clientes" className="profile-main">
      <ClientsToRate />
    </DashboardPage>
  );
}

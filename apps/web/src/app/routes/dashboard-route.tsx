import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { OverdueMaintenanceCard } from '../../features/equipment/components/overdue-maintenance-card';
import { OpenChargesCard } from '../../features/pix/components/open-charges-card';

/** /dashboard (docs/screens.md#manutencoes): the period's figures with the count of overdue preventive maintenance and the open and overdue PIX charges. */
export function DashboardRoute() {
  return (
    <DashboardPage
      cards={
        <>
          <OverdueMaintenanceCard />
          <OpenChargesCard />
        </>
      }
    />
  );
}

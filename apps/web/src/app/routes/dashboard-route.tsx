import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { OverdueMaintenanceCard } from '../../features/equipment/components/overdue-maintenance-card';

/** /dashboard (docs/screens.md#manutencoes): the period's figures with the count of overdue preventive maintenance. */
export function DashboardRoute() {
  return <DashboardPage cards={<OverdueMaintenanceCard />} />;
}

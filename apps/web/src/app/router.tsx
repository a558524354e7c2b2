import { type ComponentType, lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { LoadingBlock } from '../components/ui/spinner';
import { LoginPage } from '../features/auth/components/login-page';
import { useAuth } from '../lib/auth';

/** Every screen but login loads on demand, so the sign-in bundle stays small (docs/rules.md#performance-budgets: 150 KB gzip). */
function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const Layout = lazyPage(() => import('./layout'), 'Layout');
const HomePage = lazyPage(() => import('./routes/home-page'), 'HomePage');
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');
const OrdersPage = lazyPage(() => import('./routes/orders-route'), 'OrdersRoute');
const AgendaPage = lazyPage(() => import('./routes/agenda-route'), 'AgendaRoute');
const ClientsPage = lazyPage(() => import('../features/clients/components/clients-page'), 'ClientsPage');
const EquipmentPage = lazyPage(() => import('../features/equipment/components/equipment-page'), 'EquipmentPage');
const EquipmentDetailPage = lazyPage(() => import('./routes/equipment-route'), 'EquipmentRoute');
const MaintenancePage = lazyPage(() => import('../features/equipment/components/maintenance-page'), 'MaintenancePage');
const ExpenseTypesPage = lazyPage(() => import('../features/expense-types/components/expense-types-page'), 'ExpenseTypesPage');
const ServiceOrdersPage = lazyPage(() => import('./routes/service-orders-route'), 'ServiceOrdersRoute');
const CompaniesPage = lazyPage(() => import('../features/companies/components/companies-page'), 'CompaniesPage');
const UsersPage = lazyPage(() => import('../features/users/components/users-page'), 'UsersPage');
const MailPage = lazyPage(() => import('../features/mail/components/mail-page'), 'MailPage');
// The order screens are composed in app/routes from the orders feature (and the closing one for /fechamento).
const OrderReportPage = lazyPage(() => import('./routes/order-report-route'), 'OrderReportRoute');
const ClosingFiltersPage = lazyPage(() => import('./routes/closing-route'), 'ClosingRoute');
const PdfListPage = lazyPage(() => import('./routes/pdf-list-route'), 'PdfListRoute');
const GridPage = lazyPage(() => import('../features/dashboard/components/grid-page'), 'GridPage');
const PdfTextExtractorPage = lazyPage(
  () => import('../features/documents/components/pdf-text-extractor-page'),
  'PdfTextExtractorPage',
);
const TipsPage = lazyPage(() => import('../features/dashboard/components/tips-page'), 'TipsPage');
const PromptGeneratorPage = lazyPage(
  () => import('../features/documents/components/prompt-generator-page'),
  'PromptGeneratorPage',
);
const ImageTextPage = lazyPage(() => import('../features/documents/components/image-text-page'), 'ImageTextPage');
const DocumentsPage = lazyPage(() => import('../features/documents/components/documents-page'), 'DocumentsPage');
const ParametersPage = lazyPage(() => import('../features/parameters/components/parameters-page'), 'ParametersPage');
const DashboardPage = lazyPage(() => import('./routes/dashboard-route'), 'DashboardRoute');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage');
const PortalHome = lazyPage(() => import('../features/portal/components/portal-home'), 'PortalHome');
const PortalOrderPage = lazyPage(() => import('../features/portal/components/portal-home'), 'PortalOrderPage');
const PortalLinkPage = lazyPage(() => import('../features/portal/components/portal-sign-in'), 'PortalLinkPage');
const PortalEquipmentListPage = lazyPage(
  () => import('../features/portal/components/portal-equipment'),
  'PortalEquipmentListPage',
);
const PortalEquipmentPage = lazyPage(() => import('../features/portal/components/portal-equipment'), 'PortalEquipmentPage');
const PortalRequestPage = lazyPage(() => import('../features/portal/components/portal-requests'), 'PortalRequestPage');
const PortalRequestsPage = lazyPage(() => import('../features/portal/components/portal-requests'), 'PortalRequestsPage');
const RequestsPage = lazyPage(() => import('./routes/requests-route'), 'RequestsRoute');
const BiPage = lazyPage(() => import('../features/bi/components/bi-page'), 'BiPage');

function FullScreenLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <LoadingBlock />
    </div>
  );
}

/** docs/screens.md#routes: a route that requires authentication sends an unauthenticated user to /login (remembering where they were going). */
function RequireSession() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullScreenLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search + location.hash }} />;
  return <Layout />;
}

/** docs/screens.md#routes: a route that requires admin sends a non-admin to /. The server enforces the same rule (docs/rules.md#permissions). */
function RequireAdmin() {
  const { isAdmin } = useAuth();
  return isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}

/** The office's screens (admin and user): a technician goes to /. The server enforces the same (docs/rules.md#permissions). */
function RequireStaff() {
  const { isTec } = useAuth();
  return isTec ? <Navigate to="/" replace /> : <Outlet />;
}

/** /login waits for the first session check, so a signed-in user goes straight on without seeing the form. */
function WaitForSession({ children }: { children: ReactNode }) {
  const { isLoading } = useAuth();
  return isLoading ? <FullScreenLoading /> : children;
}

// Note: React Router matches paths case-insensitively by default, so /Tipodespesas (docs/screens.md#routes) is answered
// like /tipodespesas without a second route.
export const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <WaitForSession>
        <LoginPage />
      </WaitForSession>
    ),
  },
  { path: '/esqueci', element: <ForgotPasswordPage /> },
  { path: '/bi', element: <BiPage /> },
  // The customer portal: its own session and frame, no staff session needed (docs/screens.md#portal).
  { path: '/portal', element: <PortalHome /> },
  { path: '/portal/entrar', element: <PortalLinkPage /> },
  { path: '/portal/os/:id', element: <PortalOrderPage /> },
  { path: '/portal/equipamentos', element: <PortalEquipmentListPage /> },
  { path: '/portal/equipamentos/:id', element: <PortalEquipmentPage /> },
  { path: '/portal/solicitar', element: <PortalRequestPage /> },
  { path: '/portal/solicitacoes', element: <PortalRequestsPage /> },
  {
    element: <RequireSession />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'os', element: <OrdersPage /> },
      { path: 'clientes', element: <ClientsPage /> },
      { path: 'tipodespesas', element: <ExpenseTypesPage /> },
      { path: 'equipamentos', element: <EquipmentPage /> },
      { path: 'equipamentos/:id', element: <EquipmentDetailPage /> },
      { path: 'service-orders', element: <ServiceOrdersPage /> },
      {
        element: <RequireStaff />,
        children: [
          { path: 'agenda', element: <AgendaPage /> },
          { path: 'solicitacoes', element: <RequestsPage /> },
          { path: 'manutencoes', element: <MaintenancePage /> },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: 'empresas', element: <CompaniesPage /> },
          { path: 'users', element: <UsersPage /> },
          { path: 'emails', element: <MailPage /> },
          { path: 'osrelatorio', element: <OrderReportPage /> },
          { path: 'fechamento', element: <ClosingFiltersPage /> },
          { path: 'pdf', element: <PdfListPage /> },
          { path: 'grid', element: <GridPage /> },
          { path: 'pdfestudo', element: <PdfTextExtractorPage /> },
          { path: 'dicas', element: <TipsPage /> },
          { path: 'gerarprompt', element: <PromptGeneratorPage /> },
          { path: 'rotulos', element: <ImageTextPage /> },
          { path: 'configuracoes', element: <ParametersPage /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'documentos', element: <DocumentsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

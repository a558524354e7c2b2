import type { ComponentType, ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { LoadingBlock } from '../components/ui/spinner';
import { LoginPage } from '../features/auth/components/login-page';
import { useAuth } from '../lib/auth';
import { lazyComponent } from '../lib/lazy-component';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * Every screen but login loads on demand, so the sign-in bundle stays small (docs/rules.md#performance-budgets).
 * `preload` starts a screen's download before it is rendered (see preloadCurrentScreen).
 */
function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazyComponent<{ children?: ReactNode }>(async () => (await load())[name] as ComponentType<{ children?: ReactNode }>);
}

const QueryProvider = lazyPage(() => import('./query-provider'), 'default');
const Layout = lazyPage(() => import('./layout'), 'Layout');
const HomePage = lazyPage(() => import('./routes/home-page'), 'HomePage');
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');
const OrdersPage = lazyPage(() => import('./routes/orders-route'), 'OrdersRoute');
const AgendaPage = lazyPage(() => import('./routes/agenda-route'), 'AgendaRoute');
const ClientsPage = lazyPage(() => import('../features/clients/components/clients-page'), 'ClientsPage');
const EquipmentPage = lazyPage(() => import('../features/equipment/components/equipment-page'), 'EquipmentPage');
const EquipmentDetailPage = lazyPage(() => import('./routes/equipment-route'), 'EquipmentRoute');
const MaintenancePage = lazyPage(() => import('../features/equipment/components/maintenance-page'), 'MaintenancePage');
const ChecklistsPage = lazyPage(() => import('../features/checklists/components/checklists-page'), 'ChecklistsPage');
const ExpenseTypesPage = lazyPage(() => import('../features/expense-types/components/expense-types-page'), 'ExpenseTypesPage');
const ServiceOrdersPage = lazyPage(() => import('./routes/service-orders-route'), 'ServiceOrdersRoute');
const CompaniesPage = lazyPage(() => import('../features/companies/components/companies-page'), 'CompaniesPage');
const UsersPage = lazyPage(() => import('../features/users/components/users-page'), 'UsersPage');
const MailPage = lazyPage(() => import('../features/mail/components/mail-page'), 'MailPage');
const MessagesPage = lazyPage(() => import('../features/whatsapp/components/messages-page'), 'MessagesPage');
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
const ParametersPage = lazyPage(() => import('./routes/settings-route'), 'SettingsRoute');
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
const PortalQuotesPage = lazyPage(() => import('../features/portal/components/portal-quotes'), 'PortalQuotesPage');
const PortalQuotePage = lazyPage(() => import('../features/portal/components/portal-quotes'), 'PortalQuotePage');
const PortalChargesPage = lazyPage(() => import('../features/portal/components/portal-charges'), 'PortalChargesPage');
const QuotesPage = lazyPage(() => import('./routes/quotes-route'), 'QuotesRoute');
const RequestsPage = lazyPage(() => import('./routes/requests-route'), 'RequestsRoute');
const BiPage = lazyPage(() => import('../features/bi/components/bi-page'), 'BiPage');
const MaterialsPage = lazyPage(() => import('../features/materials/components/materials-page'), 'MaterialsPage');
const StockPage = lazyPage(() => import('../features/materials/components/stock-page'), 'StockPage');
const MyStockPage = lazyPage(() => import('../features/materials/components/my-stock-page'), 'MyStockPage');

/** The customer portal: its own session and frame, no staff session needed (docs/screens.md#portal). */
const PORTAL_SCREENS = {
  '/portal': PortalHome,
  '/portal/entrar': PortalLinkPage,
  '/portal/os/:id': PortalOrderPage,
  '/portal/equipamentos': PortalEquipmentListPage,
  '/portal/equipamentos/:id': PortalEquipmentPage,
  '/portal/solicitar': PortalRequestPage,
  '/portal/solicitacoes': PortalRequestsPage,
  '/portal/orcamentos': PortalQuotesPage,
  '/portal/orcamentos/:id': PortalQuotePage,
  '/portal/cobrancas': PortalChargesPage,
};

/** The admin's screens (docs/screens.md#routes). */
const ADMIN_SCREENS = {
  empresas: CompaniesPage,
  materiais: MaterialsPage,
  users: UsersPage,
  emails: MailPage,
  mensagens: MessagesPage,
  osrelatorio: OrderReportPage,
  fechamento: ClosingFiltersPage,
  pdf: PdfListPage,
  grid: GridPage,
  pdfestudo: PdfTextExtractorPage,
  dicas: TipsPage,
  gerarprompt: PromptGeneratorPage,
  rotulos: ImageTextPage,
  configuracoes: ParametersPage,
  dashboard: DashboardPage,
  documentos: DocumentsPage,
};

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

function WithQueries() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}

/** /login waits for the first session check, so a signed-in user goes straight on without seeing the form. */
function WaitForSession({ children }: { children: ReactNode }) {
  const { isLoading } = useAuth();
  return isLoading ? <FullScreenLoading /> : children;
}

/**
 * The screens a session opens first, downloaded at start-up in parallel with the session check
 * instead of after it (the technician's job list above all: docs/rules.md#performance-budgets).
 */
const FIRST_SCREENS: Record<string, { preload: () => Promise<unknown> }> = {
  '/': HomePage,
  '/service-orders': ServiceOrdersPage,
  '/os': OrdersPage,
};
export function preloadCurrentScreen(pathname: string): Promise<void> {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const screens =
    path === '/login'
      ? []
      : path === '/esqueci' || path.startsWith('/portal') || path === '/bi'
        ? [QueryProvider]
        : [QueryProvider, Layout, FIRST_SCREENS[path]];
  // A failed download is said by the screen that needs it ('Algo deu errado', 'Recarregar').
  return Promise.all(screens.map((screen) => screen?.preload().catch(() => undefined))).then(() => undefined);
}

// Note: React Router matches paths case-insensitively by default, so /Tipodespesas (docs/screens.md#routes) is answered
// like /tipodespesas without a second route.
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // A screen outside the signed-in frame (login, portal) that fails shows 'Algo deu errado', never a blank page.
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        <Route
          path="/login"
          element={
            <WaitForSession>
              <LoginPage />
            </WaitForSession>
          }
        />
        {/* Every other screen reads data: the query layer loads with the first of them. */}
        <Route element={<WithQueries />}>
          <Route path="/esqueci" element={<ForgotPasswordPage />} />
          <Route path="/bi" element={<BiPage />} />
          {Object.entries(PORTAL_SCREENS).map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route element={<RequireSession />}>
            <Route index element={<HomePage />} />
            <Route path="os" element={<OrdersPage />} />
            <Route path="clientes" element={<ClientsPage />} />
            <Route path="tipodespesas" element={<ExpenseTypesPage />} />
            <Route path="checklists" element={<ChecklistsPage />} />
            <Route path="equipamentos" element={<EquipmentPage />} />
            <Route path="equipamentos/:id" element={<EquipmentDetailPage />} />
            <Route path="service-orders" element={<ServiceOrdersPage />} />
            <Route path="meu-estoque" element={<MyStockPage />} />
            <Route element={<RequireStaff />}>
              <Route path="estoque" element={<StockPage />} />
              <Route path="agenda" element={<AgendaPage />} />
              <Route path="solicitacoes" element={<RequestsPage />} />
              <Route path="orcamentos" element={<QuotesPage />} />
              <Route path="manutencoes" element={<MaintenancePage />} />
            </Route>
            <Route element={<RequireAdmin />}>
              {Object.entries(ADMIN_SCREENS).map(([path, Screen]) => (
                <Route key={path} path={path} element={<Screen />} />
              ))}
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

import { endpoint } from './endpoint.js';
import { clientReportChartsSchema, clientReportFilterSchema, clientReportPageSchema, clientReportQuerySchema } from './reports.js';

const admin = ['admin'] as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Reports for the admin: the clients report as a page, as weekly charts and as XLSX. */
export const reportsEndpoints = {
  clients: endpoint({
    method: 'GET',
    path: '/reports/clients',
    tag: 'reports',
    summary: 'Отчёт по клиентам: страница строк с итогами всего отобранного. Администратор',
    access: admin,
    query: clientReportQuerySchema,
    response: clientReportPageSchema,
  }),
  clientsCharts: endpoint({
    method: 'GET',
    path: '/reports/clients/charts',
    tag: 'reports',
    summary: 'Отчёт по клиентам по неделям: новые клиенты и оплачено за заказы. Администратор',
    access: admin,
    query: clientReportFilterSchema,
    response: clientReportChartsSchema,
  }),
  clientsExport: endpoint({
    method: 'GET',
    path: '/reports/clients/export',
    tag: 'reports',
    summary: 'Отчёт по клиентам в XLSX: все отобранные строки в выбранном порядке, потоком. Администратор',
    access: admin,
    query: clientReportFilterSchema,
    produces: XLSX,
  }),
};

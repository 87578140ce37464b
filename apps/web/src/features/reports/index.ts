// The reports feature: the admin's clients report — totals, a sortable table, weekly charts and XLSX.
export { ClientsReport } from './components/clients-report';

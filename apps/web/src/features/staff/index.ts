// The staff feature as the back office sees it: the employees of the admin's «Пользователи» page.
export { AddStaffButton } from './components/add-staff-button';
export { StaffDirectory } from './components/staff-directory';

export { companiesRoutes } from './companies.routes';
export { createCompaniesService, type CompaniesService } from './companies.service';
export { createCompanyMails, type CompanyMails } from './company-mails';

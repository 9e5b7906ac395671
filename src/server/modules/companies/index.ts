export { companiesRoutes } from './companies.routes';
export { createCompaniesService, type CompaniesService } from './companies.service';
export { createCompanyMails, type CompanyMails } from './company-mails';
// For the cart, the parts and orders: what a member of an active company pays ("Your price").
export { companyPricingFor, memberPricingOf, type MemberPricing, pricingOfUser } from './member-pricing';
// For saved lists and orders: the company a user belongs to, their role and the company's status.
export { membershipOf } from './companies.repository';
export { companyMembersRoutes } from './company-members.routes';
export { createCompanyMembersService, type CompanyMembersService } from './company-members.service';
// For invoice payments: the statement's company (name, credit limit) and the admins its reminders go to.
export { companyById, membersOf } from './companies.repository';
// For orders and the cart: who a member is, whether they order for their company and its tax status,
// its sites and admins, and its row locked for the credit check.
export {
  buyingMemberOf,
  type BuyingMember,
  companyAdminsOf,
  companyNamesOf,
  companySiteOf,
  companyTaxStatus,
  lockCompanyForCredit,
  ordersForCompany,
} from './company-buyers';
// For the demo seed: a company written as an approved application with its sites and contract prices.
export { insertApplication, replaceContractPrices, updateCompany } from './companies.repository';
export { insertAddress } from './company-members.repository';

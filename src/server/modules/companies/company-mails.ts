import type { Db } from '../../db/database';
import { INVITATION_DAYS } from '#shared/schemas/company-members';
import type { CompanyInvitationRow, CompanyRow } from '../../db/schema';
import type { Write } from '../../db/write-together';
import { companyApprovedMail, companyDeclinedMail, companyInvitationMail, outboxMail } from '../mail';
import { membersOf } from './companies.repository';

/**
 * The applicant's mail when the shop approves or declines their company's application, written into
 * the outbox with the change (subscribed to `companyDecided` in consequences.ts). The applicant is the
 * company's first company admin; their name goes into the mail only at a confirmed address.
 */
export function createCompanyMails({ publicUrl }: { publicUrl: string }) {
  const companyLink = `${publicUrl}/dashboard/company`;
  return {
    decided: async (trx: Db, company: CompanyRow, decision: 'approved' | 'declined', now: string): Promise<Write[]> => {
      const applicant = (await membersOf(trx, company.id)).find((member) => member.role === 'company_admin');
      if (!applicant) return [];
      const to = { email: applicant.email, name: applicant.name, addressConfirmed: Boolean(applicant.email_verified) };
      const mail =
        decision === 'approved'
          ? companyApprovedMail(to, company, companyLink)
          : companyDeclinedMail(to, { name: company.name, reason: company.decline_reason ?? '' }, companyLink);
      return [outboxMail(trx, mail, now)];
    },
    /** The invited colleague's mail, with the link that carries the token (on the shop's public address). */
    invited: async (
      trx: Db,
      invitation: CompanyInvitationRow,
      token: string,
      companyName: string,
      now: string,
    ): Promise<Write[]> => {
      const link = `${publicUrl}/invitations/${encodeURIComponent(token)}`;
      const mail = companyInvitationMail(
        { email: invitation.email },
        { companyName, role: invitation.role, days: INVITATION_DAYS },
        link,
      );
      return [outboxMail(trx, mail, now)];
    },
  };
}

export type CompanyMails = ReturnType<typeof createCompanyMails>;

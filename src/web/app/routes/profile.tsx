import type { ReactNode } from 'react';
import * as copy from '#shared/copy';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { ProfileForm } from '../../features/auth/components/profile-form';
import { ProfileSummary } from '../../features/auth/components/profile-summary';
import { useSession } from '../../features/auth/hooks/use-session';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';

function Card({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h3 className="text-lg font-bold text-slate-900">{title}</h3>
      <p className="mt-1 text-slate-600">{text}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** /dashboard/profile: who you are, your name, photo and VAT ID, and your password. */
export default function ProfilePage() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  const { user } = session;
  return (
    <DashboardPanel title={copy.dashboard.myProfile}>
      <div className="grid gap-6">
        <ProfileSummary user={user} />
        <Card title={copy.profile.editTitle} text={copy.profile.editText}>
          <ProfileForm key={user.id} user={user} vatId={session.vatId} />
        </Card>
        <Card title={copy.profile.passwordTitle} text={copy.profile.passwordText}>
          <ChangePasswordForm email={user.email} />
        </Card>
      </div>
    </DashboardPanel>
  );
}

import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../../../components/public-layout/public-layout';
import { useSignupOpen } from '../../../lib/public-switches';
import { PATHS } from '../../../lib/urls';
import './login-page.css';

/**
 * The form needs our form kit and zod (≈35 KB): the page draws its card, heading and links at once,
 * starts fetching the form once they are painted, and draws it when it arrives, in a placeholder of
 * the form's size (nothing moves when it comes).
 */
const LoginForm = lazy(() => import('../components/login-form'));

function FormPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="ov-login__placeholder" role="status" aria-live="polite">
      <span className="ov-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/**
 * False for the first render, true a task later: React runs effects once the first render is on
 * screen, so the form is fetched after the heading is painted, not before it.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A transition: the form is rendered in slices, not in one long task.
    const timer = setTimeout(() => startTransition(() => setPainted(true)));
    return () => clearTimeout(timer);
  }, []);
  return painted;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const painted = usePainted();
  const signupOpen = useSignupOpen();
  return (
    <PublicLayout hideLoginLink>
      <div className="ov-login">
        <section className="ov-login__card" aria-labelledby="ov-login-title">
          <h1 id="ov-login-title" className="ov-login__title">
            {t('auth.login.title')}
          </h1>
          <p className="ov-login__subtitle">{t('auth.login.subtitle')}</p>
          <Suspense fallback={<FormPlaceholder />}>{painted ? <LoginForm /> : <FormPlaceholder />}</Suspense>
          {signupOpen ? (
            <div className="ov-login__register">
              {t('auth.login.noAccount')} <Link to={PATHS.register}>{t('auth.login.register')}</Link>
            </div>
          ) : null}
        </section>
      </div>
    </PublicLayout>
  );
}

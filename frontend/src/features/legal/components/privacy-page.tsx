import { appConfig } from '../../../lib/env';
import '../legal.css';
import { LegalPage, LegalSection } from './legal-page';

export function PrivacyPage() {
  const email = appConfig.contactEmail;
  return (
    <LegalPage
      title="Privacy Policy"
      intro="How Risk Profile collects, uses and protects the information you give us when you complete your assessment."
    >
      <LegalSection id="information-we-collect" title="Information we collect">
        <p>When you complete a Risk Profile assessment we collect:</p>
        <ul>
          <li>your name;</li>
          <li>your email address (optional);</li>
          <li>your mobile phone number (optional);</li>
          <li>your answers to the questionnaire;</li>
          <li>your Risk Profile results, including any profile you choose instead and your reason;</li>
          <li>your digital signature and any investment exclusions and preferences you record (optional).</li>
        </ul>
        <p>You need to give either an email address or a mobile number so that your results can reach you.</p>
      </LegalSection>

      <LegalSection id="analytics" title="Anonymous analytics">
        <p>
          To improve the questionnaire we collect anonymous analytics: how long each question takes to answer,
          how often answers are changed, completion rates and your device type (mobile, tablet or desktop).
          These records use a random identifier created for your browser session, never your name or contact
          details, and are reported only as totals and averages.
        </p>
      </LegalSection>

      <LegalSection id="how-we-use-it" title="How we use your information">
        <ul>
          <li>to calculate and explain your Risk Profile;</li>
          <li>
            to send your results by email and, optionally, by SMS, to you and, when you complete the
            assessment through an adviser&apos;s page, to that adviser so they can discuss their
            recommendations with you;
          </li>
          <li>
            to keep a reliable record of what you signed: when you sign, the time and your IP address are
            recorded with your signature.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="sharing" title="Sharing">
        <p>
          Your information is not shared with third parties and is never sold. It is used only to provide this
          service to you and, when you complete the assessment through their page, to your adviser.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="Email records">
        <p>
          Copies of the emails we send are purged from our mail provider&apos;s sent items every hour, so your
          results do not linger in mailboxes we control.
        </p>
      </LegalSection>

      <LegalSection id="your-device" title="Information kept on your device">
        <p>
          While you complete the questionnaire, your progress is saved in your browser&apos;s local storage on
          this device so you can continue later. Choosing <strong>Start over</strong> or{' '}
          <strong>Complete Another Risk Profile</strong> removes it. When you arrive through an adviser&apos;s
          page or a questionnaire link, the adviser and the details the link filled in are also kept in this
          browser tab until you close it, so that reading this page does not lose them.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact us">
        <p>
          For any privacy question or request, email <a href={`mailto:${email}`}>{email}</a>. We respond
          within 48 hours.
        </p>
      </LegalSection>
    </LegalPage>
  );
}

import { appConfig } from '../../../lib/env';
import '../legal.css';
import { messageProcessors } from '../model/message-processors';
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

      <LegalSection id="analytics" title="Questionnaire analytics">
        <p>
          To improve the questionnaire we collect pseudonymous analytics: how long each question takes to
          answer, how often answers are changed, completion rates and your device type (mobile, tablet or
          desktop), with your answers as scores, your Risk Profile score and profile, and the adviser page you
          came through. These records never hold your name, contact details, IP address or anything you type.
          They carry an identifier created for your browser session from the time it began and random digits,
          and the random identifier of your assessment, which links them to your assessment record. The
          analytics dashboard reports them as totals and averages.
        </p>
      </LegalSection>

      <LegalSection id="how-we-use-it" title="How we use your information">
        <ul>
          <li>to calculate and explain your Risk Profile;</li>
          <li>
            when you complete the assessment through an adviser&apos;s page or link, to email your signed
            report to that adviser so they can discuss their recommendations with you;
          </li>
          <li>
            to send you your copy: the report by email when you give an email address, or, when you give only
            a mobile number, a text message with your Risk Profile;
          </li>
          <li>
            when your adviser sends you a link to complete the questionnaire later, to email or text that link
            to you;
          </li>
          <li>
            to keep a reliable record of what you signed: when you sign, the time and your IP address are
            recorded with your signature.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="sharing" title="Sharing">
        <p>
          Your information is never sold and is not shared with third parties other than those that deliver
          our messages. It is used only to provide this service to you and, when you complete the assessment
          through their page, to your adviser.
        </p>
        <p data-testid="message-processors">{messageProcessors(appConfig.delivery)}</p>
      </LegalSection>

      <LegalSection id="retention" title="Email and text message records">
        <p>
          We keep the content of each email and text message we send, and the report attached to it, until it
          has been sent (a failed attempt is retried for up to about a day) and for one hour after that, and
          then delete it. We keep only a record of who it was sent to, its subject, when it was sent and
          whether it could be sent.
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

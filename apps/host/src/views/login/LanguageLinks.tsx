import type { Language } from '@kp/schema';
import { useTranslation } from 'react-i18next';
import { LANGS } from '../../i18n';

export function LanguageLinks({ onSwitch }: { onSwitch: (l: Language) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="kp-login-langs">
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          className={i18n.language === l ? 'active' : ''}
          onClick={() => onSwitch(l)}
        >
          {t(`lang.${l}`)}
        </button>
      ))}
    </div>
  );
}

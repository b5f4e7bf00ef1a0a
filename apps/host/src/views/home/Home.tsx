import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';

/** /home: the portal widgets come with the portal work; until then a plain welcome that says so. */
export default function Home() {
  const { t } = useTranslation();
  const user = useStore(sessionStore, (s) => s.userInfo);
  return (
    <Card data-testid="home-page">
      <Typography.Title level={4}>{t('page.homeWelcome', { name: user?.userName ?? '' })}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.homePending')}</Typography.Paragraph>
    </Card>
  );
}

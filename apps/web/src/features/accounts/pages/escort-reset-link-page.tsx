import { EscortResetLinkPage } from './reset-link-page.tsx';

export default EscortResetLinkPage;

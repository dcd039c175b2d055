import './styled-theme';
export { BASE_THEME, buildTheme, type PlatformTheme } from './theme';
export { GlobalStyle, Container, PageTitle, Button, Card, Loading, ErrorNotice, EmptyState, Toasts, Field, SigningIn, RowList, focusFirstInvalid } from './components';
export { PaginationBar } from './pagination-bar';
export { Modal } from './modal';
export { AlertDialog, type AlertDialogContent } from './alert-dialog';
export { AnnouncementLine } from './announcement';

import 'styled-components';
export {};
import type { PlatformTheme } from './theme';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends PlatformTheme {}
}

/** Widgets: the chat window's design, avatar and patterns (spec §2.6, §7). */
export { widgetRoutes } from './routes';
export { isWidgetBound, presentWidget, removeWidgetFiles, requireOwnedWidget, type WidgetRow } from './service';

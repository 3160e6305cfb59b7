/** The visitor API (ARCHITECTURE §3): the widget's channel into the conversations module, and the embed script. */
export { publicRoutes } from './routes';
export { widgetScriptRoute } from './widget-script';

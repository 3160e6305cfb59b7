/**
 * Entry of the widget's second script (GET /api/widget/app.js, loaded by the embed script right
 * after it painted the launcher): the conversation itself, Preact and all.
 */
import { mountInShadow } from './mount';
import { fetchDesign } from './visitor-api';

window.__otklikWidget = { mount: mountInShadow, fetchDesign };

export { loader } from "./plot-visit-photo.server";

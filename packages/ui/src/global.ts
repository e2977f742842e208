// Imported once by each app's entry: the font files and the global theme (light, dark, base styles).
import '@fontsource-variable/inter';
import './theme/global.css';

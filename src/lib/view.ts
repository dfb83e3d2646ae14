// `express/lib/view`: the View constructor, the default of the `view` setting.
import { View } from '../views/view';

export = View;

/**
 * Decap's text box (decap-cms-widget-string's StringControl) puts the cursor back where the last
 * edit left it after every redraw, which keeps it in place while typing in nested fields. It also
 * redraws on focus, and so undid what the browser does there: Tab selects the text, and typing
 * then added to it ("About us" became "About usAbout"). Here it is put back only after the
 * value changed, the one redraw it is for.
 */
import type { ComponentClass } from "react";
import type { CmsWidgetControlProps } from "decap-cms-core";

type Props = CmsWidgetControlProps<string>;

export function keepFocusSelection(StringControl: ComponentClass<Props>): ComponentClass<Props> {
  return class TextBox extends StringControl {
    override componentDidUpdate(previous: Readonly<Props>, state: Readonly<object>): void {
      if (previous.value !== this.props.value) super.componentDidUpdate?.(previous, state);
    }
  };
}

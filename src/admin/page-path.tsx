/**
 * The page's address, written in Decap's own text box with two helps: a new page created inside a
 * folder of the pages list starts with that folder's address ("/products/", from the folder Decap
 * saves it in), and an address typed without its leading slash gets one.
 */
import { Component, type ComponentType } from "react";
import type { CmsWidgetControlProps } from "decap-cms-core";

/** Decap passes every control the entry being edited; its types leave it out. */
type Props = CmsWidgetControlProps<string> & { entry?: { getIn(path: string[]): unknown } };

export function pagePathControl(TextControl: ComponentType<Props>): ComponentType<Props> {
  return class PagePath extends Component<Props> {
    override componentDidMount() {
      const { value, entry, onChange } = this.props;
      const folder: unknown = entry?.getIn(["meta", "path"]);
      if (!value && typeof folder === "string" && folder && folder !== "/") onChange(`/${folder}/`);
    }

    override render() {
      const onChange = (value: string) => this.props.onChange(value && !value.startsWith("/") ? `/${value}` : value);
      return <TextControl {...this.props} onChange={onChange} />;
    }
  };
}

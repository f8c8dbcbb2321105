// The few DOM members Lyra's own HTML code uses, typed structurally: the project compiles without
// the DOM lib, and linkedom's own typings resolve to `any`.

export interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly firstChild: DomNode | null;
  readonly nextSibling: DomNode | null;
  readonly parentNode: DomNode | null;
  textContent: string | null;
}

export interface DomElement extends DomNode {
  readonly localName: string;
  readonly tagName: string;
  readonly children: ArrayLike<DomElement>;
  readonly childNodes: ArrayLike<DomNode>;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  getElementsByTagName(name: string): ArrayLike<DomElement>;
  appendChild<T extends DomNode>(node: T): T;
  insertBefore<T extends DomNode>(node: T, ref: DomNode | null): T;
  remove(): void;
  innerHTML: string;
}

export interface DomDocument extends DomNode {
  readonly documentElement: DomElement | null;
  readonly head: DomElement | null;
  readonly body: DomElement | null;
  readonly title: string;
  createElement(name: string): DomElement;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  getElementsByTagName(name: string): ArrayLike<DomElement>;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;

export function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}

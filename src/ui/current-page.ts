/** The page being drawn, for blocks that speak about it (the WhatsApp link names it in its first message). */
import { createContext, useContext } from "react";

export interface CurrentPage {
  title: string;
  path: string;
}

export const CurrentPageContext = createContext<CurrentPage>({ title: "", path: "/" });

export const useCurrentPage = (): CurrentPage => useContext(CurrentPageContext);

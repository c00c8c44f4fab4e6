// The model picker shared by Chat and Lab: the server's profiles
// (GET /v1/models), remembering the last choice in this browser.

import { apiJson } from "./api.js";
import { clear, h } from "./dom.js";

const MODEL_STORAGE = "redraft.model";

export async function loadModels(select) {
  clear(select);
  const listing = await apiJson("/v1/models");
  for (const model of listing.data) {
    const label = model.description ? `${model.id} — ${model.description}` : model.id;
    select.append(h("option", { value: model.id }, label));
  }
  const saved = remembered();
  if (saved && listing.data.some((m) => m.id === saved)) select.value = saved;
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(MODEL_STORAGE, select.value);
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
  });
  return listing.data;
}

function remembered() {
  try {
    return localStorage.getItem(MODEL_STORAGE);
  } catch {
    return null;
  }
}

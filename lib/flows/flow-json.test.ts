import { describe, expect, it } from "vitest";
import { toValidationErrors } from "@/lib/flows/flow-json";

describe("toValidationErrors", () => {
  it("names the request field and the screen (its id, else screens[N]) of each of Meta's errors", () => {
    const flowJson = { version: "7.2", screens: [{ id: "WELCOME" }, { title: "no id" }] };
    const meta = [
      {
        error: "INVALID_PROPERTY_VALUE",
        message: "Invalid value found for property 'type'.",
        line_start: 9,
        column_start: 21,
        pointers: [{ path: "screens[0].layout.children[0].type" }],
      },
      { error: "MISSING_REQUIRED_PROPERTY", message: "Missing 'id'.", pointers: [{ path: "screens[1]" }] },
      { error: "MISSING_REQUIRED_PROPERTY", message: "Missing 'version'.", pointers: [] },
    ];
    expect(toValidationErrors(meta, flowJson)).toEqual([
      {
        field: "flow_json.screens[0].layout.children[0].type",
        screen: "WELCOME",
        error: "INVALID_PROPERTY_VALUE",
        message: "Invalid value found for property 'type'.",
        line: 9,
        column: 21,
      },
      {
        field: "flow_json.screens[1]",
        screen: "screens[1]",
        error: "MISSING_REQUIRED_PROPERTY",
        message: "Missing 'id'.",
        line: null,
        column: null,
      },
      {
        field: "flow_json",
        screen: null,
        error: "MISSING_REQUIRED_PROPERTY",
        message: "Missing 'version'.",
        line: null,
        column: null,
      },
    ]);
  });
});

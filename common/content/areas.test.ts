import { describe, expect, it } from "vitest";
import { areaOfPostcode, postcodeDistrict } from "./areas";

describe("a postcode's district and its area", () => {
  it("takes the outward code of a full postcode, however it is typed", () => {
    expect(postcodeDistrict("PE1 1AB")).toBe("PE1");
    expect(postcodeDistrict("pe11ab")).toBe("PE1");
    expect(postcodeDistrict(" cb23  6ea ")).toBe("CB23");
    expect(postcodeDistrict("W1A 0AX")).toBe("W1A");
    expect(postcodeDistrict("PE1")).toBe("PE1");
  });

  it("finds no district in what is not a postcode", () => {
    for (const raw of ["", "hello", "PE 1AB", "12345", "PE1 1A"])
      expect(postcodeDistrict(raw)).toBeUndefined();
  });

  it("finds the area naming the district, never one naming a longer or shorter district", () => {
    const areas = [
      { name: "Peterborough", districts: ["PE1", "PE2"] },
      { name: "Cambridge", districts: ["CB1", "CB23"] },
    ];
    expect(areaOfPostcode(areas, "PE2 6AB")?.name).toBe("Peterborough");
    expect(areaOfPostcode(areas, "cb23 6ea")?.name).toBe("Cambridge");
    expect(areaOfPostcode(areas, "PE12 6AB")).toBeUndefined(); // PE12 is not PE1
    expect(areaOfPostcode(areas, "CB2 1TN")).toBeUndefined(); // CB2 is not CB23
    expect(areaOfPostcode(areas, "not a postcode")).toBeUndefined();
  });
});

"""Compares the points of a report chart's SVG with those Vega drew from the chart's Vega-Lite specification.

Usage: python3 vega_points.py REPORT.svg VEGA.svg

REPORT.svg is a chart the report wrote (charts/<chart>.svg); VEGA.svg is what `vl2svg` drew from its
<chart>.vl.json and <chart>.csv. Both are read as plot coordinates: the report's from its plot frame's corner, Vega's
from its root frame. The line vertices and marker centres of the series must be the same, one for one (each of the
report's points with the nearest of Vega's), to within 0.15 px (the report writes 0.1 px). Exits 0 when they are, 1
with the first difference when not, 2 on bad input.
"""

import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE_PX = 0.15
NUMBER = r"-?\d+(?:\.\d+)?(?:e-?\d+)?"
# The report's markers (report/.../svg/Marker.java): a triangle's apex is 4.8 px above its centre, a diamond's top
# 5.2 px.
APEX_ABOVE_CENTRE = {3: 4.8, 4: 5.2}


def numbers(text):
    return [float(v) for v in re.findall(NUMBER, text)]


def report_points(path):
    """Line vertices and marker centres in the report's plot group, from the plot frame's corner."""
    root = ET.parse(path).getroot()
    frame = next(r for r in root.iter(SVG + "rect") if r.get("fill") == "#fafafa")
    left, top = float(frame.get("x")), float(frame.get("y"))
    plot = next((g for g in root.iter(SVG + "g") if (g.get("clip-path") or "").startswith("url(#clip-")), None)
    points = []
    if plot is None:
        return points
    for e in plot:
        tag = e.tag.removeprefix(SVG)
        if tag == "path":
            xy = numbers(e.get("d"))
            points += list(zip(xy[0::2], xy[1::2], strict=True))
        elif tag == "circle":
            points.append((float(e.get("cx")), float(e.get("cy"))))
        elif tag == "rect":
            points.append(
                (float(e.get("x")) + float(e.get("width")) / 2, float(e.get("y")) + float(e.get("height")) / 2)
            )
        elif tag == "polygon":
            xy = numbers(e.get("points"))
            corners = len(xy) // 2
            points.append((xy[0], xy[1] + APEX_ABOVE_CENTRE[corners]))
    return [(x - left, y - top) for x, y in points]


def translate(element):
    found = re.search(rf"translate\(({NUMBER}),\s*({NUMBER})\)", element.get("transform") or "")
    return (float(found.group(1)), float(found.group(2))) if found else (0.0, 0.0)


def vega_points(path):
    """Line vertices and symbol centres of the specification's series layers, from Vega's root frame."""
    root = ET.parse(path).getroot()
    frame = next(g for g in root.iter(SVG + "g") if "role-frame" in (g.get("class") or ""))
    points = []

    def walk(element, dx, dy, layer):
        cls = element.get("class") or ""
        if "series_lines_marks" in cls:
            layer = "line"
        elif "series_markers_marks" in cls or "series_hollow_markers_marks" in cls:
            layer = "symbol"
        ox, oy = translate(element)
        dx, dy = dx + ox, dy + oy
        if element.tag == SVG + "path" and layer == "line":
            xy = numbers(element.get("d"))
            if len(xy) < 4:
                return  # a line of one point draws nothing (the report writes no path for it)
            points.extend((x + dx, y + dy) for x, y in zip(xy[0::2], xy[1::2], strict=True))
        elif element.tag == SVG + "path" and layer == "symbol":
            points.append((dx, dy))
        for child in element:
            walk(child, dx, dy, layer)

    for child in frame:
        walk(child, 0.0, 0.0, None)
    return points


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    ours = report_points(argv[1])
    theirs = vega_points(argv[2])
    if len(ours) != len(theirs):
        print(f"{argv[1]}: {len(ours)} points drawn, Vega drew {len(theirs)}")
        return 1
    for x, y in ours:
        # Each of the report's points takes the nearest of Vega's not yet taken.
        nearest = min(range(len(theirs)), key=lambda i: (theirs[i][0] - x) ** 2 + (theirs[i][1] - y) ** 2)
        vx, vy = theirs.pop(nearest)
        if abs(vx - x) > TOLERANCE_PX or abs(vy - y) > TOLERANCE_PX:
            print(f"{argv[1]}: a point at {x:.1f},{y:.1f}; Vega's nearest at {vx:.2f},{vy:.2f}")
            return 1
    print(f"{argv[1]}: {len(ours)} points, the same in Vega's drawing")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

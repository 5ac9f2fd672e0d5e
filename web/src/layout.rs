//! Where each hole and store is drawn: coordinates in the page's SVG units
//! (x right, y down), boards shaped as they look.

use mancala_core::rules::StoreSide;
use mancala_engine::registry::Shape;
use serde::Serialize;

/// Distance between the centres of neighbouring holes.
pub(crate) const STEP: f64 = 70.0;

/// A point of the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct Point {
    pub(crate) x: f64,
    pub(crate) y: f64,
}

/// The drawing's frame, its holes' centres (in the notation's order) and
/// its stores' centres (in player order; none for boards without stores).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Layout {
    pub(crate) width: f64,
    pub(crate) height: f64,
    pub(crate) holes: Vec<Point>,
    pub(crate) stores: Vec<Point>,
}

/// The layout of a board of `shape`: holes and stores where they stand
/// (none on a torus, whose pieces the page places on its squares).
pub(crate) fn of(shape: Shape) -> Layout {
    match shape {
        Shape::TwoRows { row_len, stores } => {
            let mut layout = two_rows(row_len, stores.is_some());
            // Stores on their owners' left (Chongka', Chungcajon): player
            // 0's at the left end, player 1's at the right.
            if stores == Some(StoreSide::Left) {
                layout.stores.swap(0, 1);
            }
            layout
        }
        Shape::Polygon { sides, row_len } => polygon(sides, row_len),
        Shape::Torus { side } => torus(side),
        Shape::FourRows { columns } => four_rows(shape, columns),
        // A shape this page does not know yet: an empty frame.
        _ => Layout {
            width: STEP,
            height: STEP,
            holes: Vec::new(),
            stores: Vec::new(),
        },
    }
}

/// A torus of `side` by `side` squares: the frame alone.
fn torus(side: u8) -> Layout {
    let width = f64::from(side) * STEP * 1.4;
    Layout {
        width,
        height: width,
        holes: Vec::new(),
        stores: Vec::new(),
    }
}

/// Two rows of `row_len` holes: row 0 (South's) along the bottom from left
/// to right, row 1 (North's) back along the top from right to left, so the
/// notation's order runs counter-clockwise. With `stores`, North's store on
/// the left and South's on the right (each at the end its owner sows
/// towards).
pub(crate) fn two_rows(row_len: usize, stores: bool) -> Layout {
    let n = row_len as f64;
    let margin = if stores { STEP * 1.2 } else { STEP * 0.2 };
    let width = n * STEP + 2.0 * margin;
    // Room between the rows for Numercy's operators.
    let (top, bottom) = (STEP * 0.9, STEP * 2.4);
    let mut holes = Vec::with_capacity(2 * row_len);
    for k in 0..row_len {
        holes.push(Point {
            x: margin + (k as f64 + 0.5) * STEP,
            y: bottom,
        });
    }
    for k in 0..row_len {
        holes.push(Point {
            x: margin + (n - k as f64 - 0.5) * STEP,
            y: top,
        });
    }
    let middle = (top + bottom) / 2.0;
    let stores = if stores {
        vec![
            Point {
                x: width - margin / 2.0,
                y: middle,
            },
            Point {
                x: margin / 2.0,
                y: middle,
            },
        ]
    } else {
        Vec::new()
    };
    Layout {
        width,
        height: bottom + STEP * 0.9,
        holes,
        stores,
    }
}

/// Four rows of `columns` holes (a game on four rows): row 0, player 0's
/// outer row, along the bottom and row 3, player 1's outer row, along the
/// top, each hole where [`Shape::four_row_hole`] puts it, with a wider gap
/// between the two players' inner rows (rows 1 and 2).
fn four_rows(shape: Shape, columns: usize) -> Layout {
    let margin = STEP * 0.2;
    let width = columns as f64 * STEP + 2.0 * margin;
    let row_y =
        |row: usize| STEP * (0.7 + 1.1 * (3 - row) as f64 + if row < 2 { 0.3 } else { 0.0 });
    let mut holes = vec![Point { x: 0.0, y: 0.0 }; 4 * columns];
    for row in 0..4 {
        for column in 0..columns {
            if let Some(slot) = shape
                .four_row_hole(row, column)
                .and_then(|h| holes.get_mut(h))
            {
                *slot = Point {
                    x: margin + (column as f64 + 0.5) * STEP,
                    y: row_y(row),
                };
            }
        }
    }
    Layout {
        width,
        height: row_y(0) + STEP * 0.7,
        holes,
        stores: Vec::new(),
    }
}

/// `rows` rows of `row_len` holes along the sides of a regular polygon
/// with `rows` sides (a triangle or a hexagon), row 0 along the bottom from
/// left to right and each next row along the next side counter-clockwise,
/// as Robertson's boards are drawn.
pub(crate) fn polygon(rows: usize, row_len: usize) -> Layout {
    let sides = rows.max(3) as f64;
    // Room for row_len + 1 gaps along each side.
    let side = (row_len as f64 + 1.0) * STEP;
    let radius = side / (2.0 * (std::f64::consts::PI / sides).sin());
    let margin = STEP * 0.8;
    // Corners in the usual axes (y up): the first is the bottom side's
    // left end, the next ones counter-clockwise (growing angles).
    let start = 1.5 * std::f64::consts::PI - std::f64::consts::PI / sides;
    let corner = |i: usize| {
        let a = start + 2.0 * std::f64::consts::PI * (i as f64) / sides;
        (radius * a.cos(), radius * a.sin())
    };
    let corners: Vec<(f64, f64)> = (0..rows.max(3)).map(corner).collect();
    let (min_x, max_x, min_y, max_y) = corners.iter().fold(
        (f64::MAX, f64::MIN, f64::MAX, f64::MIN),
        |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)),
    );
    let mut holes = Vec::with_capacity(rows * row_len);
    for r in 0..rows {
        let (x0, y0) = corners[r % corners.len()];
        let (x1, y1) = corners[(r + 1) % corners.len()];
        for k in 0..row_len {
            let t = (k as f64 + 1.0) / (row_len as f64 + 1.0);
            // Screen y grows down, so the mirror image keeps row 0 at the
            // bottom and the rows counter-clockwise.
            holes.push(Point {
                x: margin + (x0 + (x1 - x0) * t) - min_x,
                y: margin + max_y - (y0 + (y1 - y0) * t),
            });
        }
    }
    Layout {
        width: max_x - min_x + 2.0 * margin,
        height: max_y - min_y + 2.0 * margin,
        holes,
        stores: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_rows_run_counter_clockwise_with_the_stores_at_the_ends() {
        let l = two_rows(6, true);
        // Hole 0 bottom left, hole 5 bottom right, hole 6 top right (above
        // hole 5), hole 11 top left.
        assert!(l.holes[0].x < l.holes[5].x && l.holes[0].y > l.holes[6].y);
        assert_eq!(l.holes[6].x, l.holes[5].x);
        assert_eq!(l.holes[11].x, l.holes[0].x);
        // South's store (player 0) right of every hole, North's left.
        assert!(
            l.holes
                .iter()
                .all(|h| h.x < l.stores[0].x && h.x > l.stores[1].x)
        );
        assert!(
            l.holes
                .iter()
                .all(|h| h.x > 0.0 && h.x < l.width && h.y < l.height)
        );
    }

    #[test]
    fn a_triangle_has_its_first_row_along_the_bottom_and_turns_counter_clockwise() {
        let l = polygon(3, 4);
        assert_eq!(l.holes.len(), 12);
        // Row 0 is level and lowest, left to right.
        let row0 = &l.holes[0..4];
        assert!(
            row0.windows(2)
                .all(|w| w[0].x < w[1].x && (w[0].y - w[1].y).abs() < 1e-9)
        );
        assert!(l.holes[4..].iter().all(|h| h.y < row0[0].y));
        // Row 1 climbs the right side: it starts right of the middle and rises.
        assert!(l.holes[4].x > l.width / 2.0 && l.holes[5].y < l.holes[4].y);
        // Inside the frame.
        for h in &l.holes {
            assert!(
                h.x > 0.0 && h.x < l.width && h.y > 0.0 && h.y < l.height,
                "{h:?}"
            );
        }
    }

    #[test]
    fn a_hexagon_has_six_rows_of_distinct_holes() {
        let l = polygon(6, 3);
        assert_eq!(l.holes.len(), 18);
        for (i, a) in l.holes.iter().enumerate() {
            for b in &l.holes[i + 1..] {
                let d = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
                assert!(d > STEP * 0.7, "holes too close: {a:?} {b:?}");
            }
        }
    }

    /// Tsoro's 4 x 8: hole 0 (South's outer row, from his left) at the
    /// bottom left, 15 (his inner row, back from his right) above it, 24
    /// (North's inner row) above that and 23 (North's outer row) at the
    /// top, all in the first column.
    #[test]
    fn four_rows_stand_with_player_0_at_the_bottom() {
        let l = of(Shape::FourRows { columns: 8 });
        assert_eq!(l.holes.len(), 32);
        let column: Vec<Point> = [0, 15, 24, 23].map(|h| l.holes[h]).to_vec();
        assert!(
            column
                .windows(2)
                .all(|w| w[0].x == w[1].x && w[0].y > w[1].y)
        );
        assert!(l.holes[7].x > l.holes[0].x && l.holes[7].y == l.holes[0].y);
        assert!(
            l.holes
                .iter()
                .all(|h| h.x > 0.0 && h.x < l.width && h.y > 0.0 && h.y < l.height)
        );
    }
}

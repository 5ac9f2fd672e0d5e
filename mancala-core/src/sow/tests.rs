//! The sower's private arithmetic against its general form.

// Tests may panic: that is how they fail.
#![allow(clippy::panic)]

use crate::pit::Pit;
use crate::player::Player;
use crate::topology::{Direction, Layout, Topology};

use super::SowSpec;
use super::ring::bare_landing;
use super::spec::Sowing;

/// The bare ring's one-wrap landing is the general ring's, for every
/// origin, direction and passing over of the origin, and lifts of 0 to
/// 40 seeds (several whole revolutions) on boards of 2x2 to 2x8.
#[test]
fn bare_landing_is_the_general_landing() {
    for n in 2..=8u8 {
        let topology = Topology::new(Layout::two_rows(n)).unwrap_or_else(|e| panic!("{e}"));
        for direction in [Direction::CounterClockwise, Direction::Clockwise] {
            for skip_origin in [true, false] {
                let spec = SowSpec {
                    direction,
                    skip_origin,
                    ..SowSpec::default()
                };
                let sowing = Sowing {
                    topology: &topology,
                    spec,
                    mover: Player::P0,
                };
                for origin in 0..topology.holes() {
                    for seeds in 0..=40 {
                        let mut holes: Vec<u16> =
                            (0..topology.holes()).map(|i| (i % 5) as u16).collect();
                        holes[origin] = seeds;
                        let general = sowing.lap_landing::<false>(&holes, Pit::from_index(origin));
                        assert_eq!(
                            bare_landing(&holes, origin, spec),
                            general,
                            "2x{n}, {spec:?}, {seeds} seeds from {origin}"
                        );
                    }
                }
            }
        }
    }
}

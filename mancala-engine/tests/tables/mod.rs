//! What the tablebase tests share: Kalah's rules and positions, every
//! position of a layer, and a temporary folder.

use mancala_core::{Mancala, Rules, Setup, rules::Capture};
use mancala_engine::tablebase::Kind;

pub(crate) fn rules(kind: Kind, seeds: u16) -> Rules {
    let mut rules = Rules::kalah().with_houses(kind.houses).with_seeds(seeds);
    if let Capture::Opposite {
        require_opposite, ..
    } = &mut rules.capture
    {
        *require_opposite = !kind.empty_capture;
    }
    rules
}

/// South to move at `holes` (his row first), stores empty.
pub(crate) fn game_at(kind: Kind, holes: &[u8]) -> Mancala {
    let mut setup = Setup::new(rules(kind, 1));
    setup.board = holes.iter().map(|&c| u16::from(c)).collect();
    setup.stores = vec![0, 0];
    Mancala::from_setup(setup).unwrap()
}

/// Every count vector of `holes` holes with exactly `seeds` seeds.
pub(crate) fn layer(holes: usize, seeds: u8) -> Vec<Vec<u8>> {
    if holes == 1 {
        return vec![vec![seeds]];
    }
    (0..=seeds)
        .flat_map(|first| {
            layer(holes - 1, seeds - first)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
        })
        .collect()
}

pub(crate) const BOTH: [bool; 2] = [false, true];

/// A temporary folder of this test's own, removed when dropped.
pub(crate) struct TempDir(pub(crate) std::path::PathBuf);

impl TempDir {
    pub(crate) fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("mancala-tb-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

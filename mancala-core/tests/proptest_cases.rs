//! `PROPTEST_CASES` sets the number of cases of every property when it is
//! set (every property's config takes its count from
//! `testing::proptest_cases`, its own default otherwise). Before, each
//! config hard-coded its count, so the variable was ignored.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_testing::proptest_cases;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// The cases a property configured as the workspace's are run with.
fn cases_run() -> u32 {
    let mut runner = TestRunner::new(Config {
        cases: proptest_cases(64),
        ..Config::default()
    });
    let n = std::cell::Cell::new(0);
    runner
        .run(&any::<u8>(), |_| {
            n.set(n.get() + 1);
            Ok(())
        })
        .unwrap();
    n.get()
}

/// Run by `the_case_count_comes_from_proptest_cases` in a child process
/// whose environment sets `PROPTEST_CASES` (a test may not set its own
/// environment safely while others run).
#[test]
#[ignore = "run by the_case_count_comes_from_proptest_cases"]
fn child_reports_its_case_count() {
    println!("ran {} cases", cases_run());
}

#[test]
fn the_case_count_comes_from_proptest_cases() {
    let exe = std::env::current_exe().unwrap();
    for (value, expected) in [("7", 7), ("300", 300)] {
        let out = std::process::Command::new(&exe)
            .args([
                "--exact",
                "child_reports_its_case_count",
                "--ignored",
                "--nocapture",
            ])
            .env("PROPTEST_CASES", value)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}");
        assert!(
            stdout.contains(&format!("ran {expected} cases")),
            "{stdout}"
        );
    }
    // Without it, the property's own default.
    let out = std::process::Command::new(&exe)
        .args([
            "--exact",
            "child_reports_its_case_count",
            "--ignored",
            "--nocapture",
        ])
        .env_remove("PROPTEST_CASES")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("ran 64 cases"));
}

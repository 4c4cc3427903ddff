//! The real app in a real window: launched under the X display the test script provides
//! (Xvfb), found by its title, looked at through screenshots kept in `target/gui-shots/`.
#![cfg(feature = "gui")]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use gtk::glib::Variant;
use gtk::prelude::ToVariant;
use nonet::engine::puzzle_entry::PuzzleEntry;
use serde_json::Value;

#[path = "../common/mod.rs"]
mod common;

mod access;
mod endurance;
mod hints;
mod history;
mod lab;
mod play;
mod puzzles;
mod support;
mod window;

use support::*;

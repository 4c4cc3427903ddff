//! The main window, built from `ui/window.ui`, with the board wired in.

use adw::prelude::*;

use super::{board, RESOURCE_PREFIX};

pub fn build(app: &adw::Application) -> gtk::Window {
    let builder = gtk::Builder::from_resource(&format!("{RESOURCE_PREFIX}/ui/window.ui"));
    let window: adw::ApplicationWindow = builder.object("window").expect("window.ui defines the window");
    let area: gtk::DrawingArea = builder.object("board").expect("window.ui defines the board");
    board::attach(&area);
    window.set_application(Some(app));
    window.upcast()
}

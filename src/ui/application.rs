//! The application object: app-wide actions and their accelerators, the stylesheet, and the
//! main window on activation.

use adw::prelude::*;
use gtk::{gdk, gio};

use super::{window, APP_ID, RESOURCE_PREFIX};

pub fn build() -> adw::Application {
    let app = adw::Application::builder()
        .application_id(APP_ID)
        .resource_base_path(RESOURCE_PREFIX)
        .build();
    app.connect_startup(|app| {
        load_css();
        add_actions(app);
    });
    app.connect_activate(|app| {
        let window = app.active_window().unwrap_or_else(|| window::build(app));
        window.present();
    });
    app
}

fn load_css() {
    let provider = gtk::CssProvider::new();
    provider.load_from_resource(&format!("{RESOURCE_PREFIX}/style.css"));
    if let Some(display) = gdk::Display::default() {
        gtk::style_context_add_provider_for_display(&display, &provider, gtk::STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
}

fn add_actions(app: &adw::Application) {
    let quit = gio::ActionEntry::builder("quit")
        .activate(|app: &adw::Application, _, _| app.quit())
        .build();
    let about = gio::ActionEntry::builder("about")
        .activate(|app: &adw::Application, _, _| show_about(app))
        .build();
    app.add_action_entries([quit, about]);
    app.set_accels_for_action("app.quit", &["<Control>q"]);
}

fn show_about(app: &adw::Application) {
    let about = adw::AboutWindow::builder()
        .application_name("Nonet")
        .application_icon(APP_ID)
        .version(env!("CARGO_PKG_VERSION"))
        .comments("A Sudoku game with an engine that explains itself")
        .license_type(gtk::License::Gpl30)
        .developers(vec!["The Nonet developers"])
        .modal(true)
        .build();
    if let Some(window) = app.active_window() {
        about.set_transient_for(Some(&window));
    }
    about.present();
}

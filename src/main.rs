//! The `nonet` desktop game.
fn main() -> gtk::glib::ExitCode {
    nonet::ui::run()
}

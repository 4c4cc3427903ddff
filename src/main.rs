//! The `nonet` desktop game.
fn main() -> gtk::glib::ExitCode {
    nonet::script::sandbox::serve_if_worker();
    nonet::ui::timing::mark_start();
    nonet::ui::leave_gl_off();
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_env("NONET_LOG").unwrap_or_else(|_| "warn".into()))
        .with_writer(std::io::stderr)
        .init();
    nonet::ui::timing::startup("logging set up");
    nonet::ui::run()
}

//! Adding numbers in bulk: an administrator's previewed range, and demo mode keeping
//! every offered country and type in stock.

use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use dialtone_server::numbers::stock::DEMO_MIN_STOCK;
use serde_json::{json, Value};

/// Numbers on sale per offered country and type that has an inventory (SPEC 9 lists
/// numbers for US, UK and CA only; elsewhere step 3 says "No numbers available"; demo
/// mode stocks every country sold).
async fn on_sale(app: &TestApp) -> Vec<(String, String, i64)> {
    sqlx::query_as(
        "SELECT c.code, p.number_type, (SELECT COUNT(*) FROM phone_numbers n WHERE n.country_id = p.country_id \
         AND n.number_type = p.number_type AND n.status = 'available') \
         FROM number_prices p JOIN countries c ON c.id = p.country_id WHERE p.purchasable = 1 \
         AND EXISTS (SELECT 1 FROM phone_numbers n WHERE n.country_id = p.country_id AND n.number_type = p.number_type) \
         ORDER BY c.code, p.number_type",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn an_admin_previews_a_range_then_adds_only_the_new_numbers() {
    let app = TestApp::new().await;
    let admin = app.admin("root@example.com").await;
    let range = |first: &str, count: &str, apply: bool| json!({ "first": first, "count": count, "countryCode": "US", "type": "mobile", "apply": apply });
    let add = |who: &Session, body: Value| app.post_as(who, "/api/admin/phones/range", body);
    let total = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM phone_numbers")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap()
    };
    let before = total().await;
    let r = add(&admin, range("+1 415 555 0300", "5", false)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body["added"],
        json!([
            "+14155550300",
            "+14155550301",
            "+14155550302",
            "+14155550303",
            "+14155550304"
        ])
    );
    assert_eq!(r.body["applied"], false);
    assert_eq!(total().await, before, "a preview adds nothing");

    let r = add(&admin, range("+14155550303", "4", true)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(total().await, before + 4);
    // Overlapping: two already there, three new.
    let r = add(&admin, range("+14155550301", "5", false)).await;
    assert_eq!(
        r.body["alreadyInInventory"],
        json!(["+14155550303", "+14155550304", "+14155550305"])
    );
    assert_eq!(r.body["added"], json!(["+14155550301", "+14155550302"]));
    let r = add(&admin, range("+14155550303", "2", true)).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);

    let r = add(
        &admin,
        json!({ "first": "", "count": "5000", "countryCode": "US", "type": "mobile" }),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        (
            r.body["errors"]["first"].clone(),
            r.body["errors"]["count"].clone()
        ),
        (
            json!("Number is required"),
            json!("Count must be between 1 and 1000")
        )
    );
    let client = app.client("ada@example.com").await;
    let r = add(&client, range("+14155550400", "1", true)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn demo_mode_keeps_every_offered_country_and_type_in_stock_after_purchases() {
    let app = TestApp::with(|c| c.demo = true).await;
    let stock = on_sale(&app).await;
    let offered: Vec<&str> = stock.iter().map(|(code, _, _)| code.as_str()).collect();
    for code in ["US", "GB", "CA"] {
        assert!(offered.contains(&code), "{offered:?}");
    }
    for (code, kind, n) in &stock {
        assert!(*n >= DEMO_MIN_STOCK, "{code} {kind}: {n} on sale");
    }
    let s = app.client("ada@example.com").await;
    app.fund(s.user_id, "100").await;
    for _ in 0..12 {
        let n = app.available(&s, "US", "mobile").await[0].clone();
        let r = app.purchase(&s, &n["id"]).send().await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    for (code, kind, n) in on_sale(&app).await {
        assert!(
            n >= DEMO_MIN_STOCK,
            "{code} {kind}: {n} on sale after purchases"
        );
    }
    app.assert_invariant().await;
}
